"""The event as the director sets it up and the devices report it: the tournament
model (tournament, seating, clock), devices and their binding to tables (devices,
binding), stored records (records), held records (disputes) and corrections."""
