"""The organiser: the event's server.  Devices upload their journals to it, the director
sets the event up and watches the standings (docs/upload.md, README).

The code is in rooms, a folder each by job (docs/layout.md, "Rooms"); imports go one way,
lowest first (tests/test_layers.py reads the rooms from the folders): text, guard, store <
event < scoring < results < live < api < pages < the application here (app, server, the
command line) < league.  Nothing of firmware/ or host_tools/ is imported (record_model
reads the rulesets' event tables, firmware/rules/<id>_table.py, as data: loaded from
their files, no import path set)."""
