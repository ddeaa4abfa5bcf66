"""The director's pages, a module a section of the menu: login, event (setup), rounds
(and seating), devices, corrections (and penalties), hand (a hand corrected by its tiles),
refused (the refused-request log), schedule (the whole event's seating, the players' cards), tiebreaks,
substitutes (and ghost seats, penalties from presets); what they share is in base.  Each section has its
own router; `router` holds them all (the round clock's page is the pages' clock_pages)."""

from fastapi import APIRouter

from organiser.pages.admin import corrections, devices, event, hand, login, paper, \
    refused, rounds, schedule, substitutes, tiebreaks

router = APIRouter()
for section in (login, event, rounds, schedule, devices, corrections, hand, paper, refused,
                tiebreaks, substitutes):
    router.include_router(section.router)
