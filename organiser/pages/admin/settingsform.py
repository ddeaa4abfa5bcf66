"""The event form's table settings: a field per setting of each ruleset (a number, or a
box for on/off), labelled as the device's settings screen names it, with its default;
read back into the settings object the devices start with, keeping only what differs
from the ruleset's defaults (host_tools.gen.tablewords copies both from the firmware).
A form that sends no fields of the chosen ruleset leaves the settings as they stand."""

from organiser.event.tournament import ModelError
from organiser.store.record_model import MAX_SETTING
from organiser.text import elnames, handtext, words
from organiser.text.reasons import Reason

MARK = "settings_of"            # the fieldset's hidden field: which ruleset's fields came
# settings the device's screen does not list (set at the organiser only): their words here
OWN_LABELS = {"max_streak": "the highest streak a referee may set",
              "max_huang": "the highest 荒番 a referee may set"}


def field(rules, name):
    return "setting.%s.%s" % (rules, name)


def rulesets_fields(request, rulesets, current, settings):
    """[{rules, fields: [{name, field, label, default, value, flag}]}] for the form: the
    current ruleset's fields hold the event's values, the others' their defaults."""
    lang = elnames.visitor_lang(request) or "en"
    out = []
    for r in rulesets:
        t = handtext.tables().get(r, {})
        names = t.get("setting_names", {}).get(lang, {})
        fields = []
        for name, default in sorted(t.get("settings", {}).items()):
            value = settings.get(name, default) if r == current else default
            label = names.get(name, name)
            if label == name and name in OWN_LABELS:
                label = words.t(OWN_LABELS[name], lang)
            fields.append(dict(name=name, field=field(r, name), label=label,
                               default=default, flag=isinstance(default, bool),
                               value=value, max=MAX_SETTING))
        out.append(dict(rules=r, fields=fields, current=r == current))
    return out


def read(f, rules, before_rules, before):
    """The settings the form asks for (None: the form sent none of the ruleset's fields;
    the settings stand, or the defaults for a new ruleset)."""
    if f.get(MARK) != rules:
        return None if rules == before_rules else {}
    out = {}
    for name, default in handtext.tables().get(rules, {}).get("settings", {}).items():
        raw = f.get(field(rules, name))
        if isinstance(default, bool):
            v = raw is not None and raw != ""
        else:
            if raw in (None, ""):
                v = default
            else:
                try:
                    v = int(raw)
                except (TypeError, ValueError, OverflowError):
                    raise ModelError("%s: a whole number, not %r",
                                     Reason("setting %s", name), str(raw)[:20])
                if not 0 <= v <= MAX_SETTING:
                    raise ModelError("%s: a whole number from 0 to %d",
                                     Reason("setting %s", name), MAX_SETTING)
        if v != default:
            out[name] = v
    # a setting the form does not show (set through the API) is kept
    for name, v in (before.items() if rules == before_rules else ()):
        if name not in handtext.tables().get(rules, {}).get("settings", {}):
            out[name] = v
    return out
