"""The director's login and logout."""

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from organiser.guard import auth, throttle
from organiser.live.render import render
from organiser.pages.admin.base import back, form, said, shown

router = APIRouter(prefix="/admin", include_in_schema=False)


@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request):
    return render(request, "admin/login.html", here="/admin", title="Director login",
                  next=request.query_params.get("next", "/admin"),
                  error=shown(request, "error"))


@router.post("/login")
async def login(request: Request):
    f = await form(request)
    nxt = f.get("next") or "/admin"
    if not nxt.startswith("/") or nxt.startswith("//"):
        nxt = "/admin"
    got, token = await throttle.login(request, f.get("name", ""), f.get("password", ""))
    if got == "wait":
        return back("/admin/login", error=said(request, "too many attempts: wait %d s and try "
                                               "again", token + 1), next=nxt)
    if got == "wrong":
        return back("/admin/login", error=said(request, "wrong name or password"), next=nxt)
    r = RedirectResponse(nxt, status_code=303)
    r.set_cookie(auth.COOKIE, token, max_age=auth.SESSION_SECONDS, httponly=True,
                 samesite="lax", path="/", secure=request.url.scheme == "https")
    return r


@router.post("/logout")
def logout(request: Request):
    auth.logout(request.app.state.db, request.cookies.get(auth.COOKIE))
    r = RedirectResponse("/", status_code=303)
    r.delete_cookie(auth.COOKIE, path="/")
    return r
