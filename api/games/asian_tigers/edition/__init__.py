"""The edition: component numbers loaded from data, their consistency checks and placeholder marks."""
