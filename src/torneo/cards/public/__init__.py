"""The public event pages (phone first, TV friendly) and the caches that keep them cheap."""
