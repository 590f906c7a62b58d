"""An independent, plain reading of RULES.md, for differential tests."""
