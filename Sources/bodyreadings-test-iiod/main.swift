// Entry point; filled in with its target.
