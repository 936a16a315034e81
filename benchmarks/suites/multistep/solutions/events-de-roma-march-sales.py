# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the events at the venue.
method_search("search events at a venue between dates")
# %% De Roma in March 2025.
events = search_events(venue="De Roma", date_from="2025-03-01", date_to="2025-03-31")
print(events)
# %% Tickets sold per event.
method_search("how many tickets an event sold")
# %% Each event's sales.
reports = [get_event_sales_report(event["id"]) for event in events]
print(reports)
# %% Total.
stop(sum(report["tickets_sold"] for report in reports))
