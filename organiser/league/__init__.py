"""A league: many events served by one organiser, and the season ranking across them.

Each event stays what a venue laptop runs (`organiser.app`, its own database), mounted
under /e/<event>/; the league's registry (`registry`) names the leagues, their events
and the devices of every event; `ranking` ranks a season from the events' standings;
`importer` takes in an event run on a venue laptop; `server` is the web application,
`prefix` keeps each event's pages, redirects and cookies under its own path."""
