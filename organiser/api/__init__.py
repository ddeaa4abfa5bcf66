"""The organiser's JSON routes: the devices' uploads (upload), the director's API
(admin_api), held records and device trust (trust_api) and the round clock (clock_api)."""
