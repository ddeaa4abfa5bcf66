"""The organiser's store: the schema and its migrations, SQLite and PostgreSQL
(db, pg, migrate), the group commit, and the bounds a stored or uploaded value is
read within (record_model, stored).  The lowest room, with text and guard."""
