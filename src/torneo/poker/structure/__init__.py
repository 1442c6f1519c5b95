"""A blind structure built from nothing (issue 15 item 8; PKR-BTN-1)."""
