"""The online game's ladders (BER-RANK-1): amateur and pro, their points and pages."""
