"""Card sets of the online card game (BER-FMT-2/3): importing, listing and generating them."""
