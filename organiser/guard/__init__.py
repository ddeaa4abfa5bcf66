"""The organiser's guards: the director's login (auth), signed device batches
(signing), and the bounds on requests (security, throttle, quotas, limits, tls).  The
lowest room, with store and text."""
