"""The fuzz suite (issue 19): every family hunts for one kind of unsafe input or position."""
