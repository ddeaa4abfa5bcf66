"""The organiser's HTML pages: the public pages (pages), the director's pages
(admin/, a module a section) and the round clock's (clock_pages)."""
