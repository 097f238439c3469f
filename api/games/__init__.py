"""Pure rules code: no Flask, HTTP, marshmallow or database imports (a test enforces it)."""
