"""The pods of an event (BER-POD-1..3): seating them, and the event in pods as the engines see it."""
