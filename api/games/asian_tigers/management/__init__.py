"""The end of an era: Era I management, Era II setup, Era II management and the final scoring."""
