"""The organiser: the event's server.  Devices upload their journals to it, the director
sets the event up and watches the standings (docs/upload.md, README).

Imports go one way (tests/test_layers.py): db, signing, seating, auth, live, groupcommit,
and the bounds (record_model, stored, limits, security, throttle, quotas, tls, server:
docs/security.md) < tournament, records < corrections < standings, queries < views,
exports, upload, admin_api < render < pages, admin_pages < app.  Nothing of firmware/ or
host_tools/ is imported (record_model reads the rulesets' event tables,
firmware/rules/<id>_table.py, as data: loaded from their files, no import path set)."""
