"""Solo play: the Automa, its bonuses, the solo session (setup, era start, goals) and campaigns."""
