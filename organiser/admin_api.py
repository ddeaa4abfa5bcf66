"""admin_api (being written)."""

from fastapi import APIRouter

router = APIRouter()
