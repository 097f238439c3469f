"""Tests of `api.games.asian_tigers.solo`."""
