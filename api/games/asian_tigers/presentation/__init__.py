"""Presentation: what the phone shows, in the table's words (issue 12); see view_extras for the view fields."""
