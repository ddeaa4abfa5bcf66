"""The host's tools, by job.  At the top: the contract's CLIs (score, table: named by
../shared/spec/score-interface.md; run, the terminal scorer; jsonl, their shared half),
keys (the key encoder), mcr_oracle (Chinese Official hands and an independent scorer),
paths (where things are) and build (the device image).  Folders: gen/ (the table and the
font the firmware reads), board/ (the firmware on real and emulated boards), sim/ (the
venue on one computer: simulator, demo, screenshots), bench/ (`make bench`).

Imports go one way (tests/test_layers.py): gen.tables < paths < gen.font, build < keys,
mcr_oracle < board/ < the CLIs < sim/ < bench/.  Tools may run the firmware's modules on
CPython (paths.use_firmware); nothing in firmware/ or organiser/ imports them."""
