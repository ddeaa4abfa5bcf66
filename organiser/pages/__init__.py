"""The organiser's HTML pages: the public pages (pages), the director's pages
(admin_pages) and the round clock's (clock_pages)."""
