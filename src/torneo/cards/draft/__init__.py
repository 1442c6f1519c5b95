"""The live draft and sealed pools of limited events (BER-FMT-2/3, BER-DRAFT-1/2): the
players' phones, the judges' overview, the WebSocket and the pick timer."""
