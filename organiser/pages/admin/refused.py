"""The refused-request log: the devices' and visitors' requests the organiser
refused, newest first, counted by error."""

from organiser.results import queries, views
from organiser.store.db import one, rows
from organiser.pages.admin.base import page, section

router, get, post = section()


REFUSED_SHOWN = 200


@get("/refused")
def refused_page(request):
    with request.app.state.db.read() as con:
        got = queries.refused_log(con, REFUSED_SHOWN)
        total = one(con, "SELECT COUNT(*) AS n FROM refused")["n"]
        by_error = rows(con, "SELECT error, status, COUNT(*) AS n FROM refused "
                             "GROUP BY error, status ORDER BY n DESC")
    for r in got:
        r["when"] = views.clock(r["at"], "%m-%d %H:%M:%S")
    return page(request, "admin/refused.html", "/admin/refused", title="Refused requests",
                refused=got, total=total, by_error=by_error, shown=REFUSED_SHOWN)
