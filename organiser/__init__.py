"""The organiser: the event's server.  Devices upload their journals to it, the director
sets the event up and watches the standings (docs/upload.md, README)."""
