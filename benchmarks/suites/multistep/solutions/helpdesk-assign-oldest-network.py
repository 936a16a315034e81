# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the unassigned tickets.
method_search("list unassigned support tickets in a queue")
# %% Network queue, oldest first.
tickets = list_support_tickets("network", unassigned_only=True)
print(tickets)
# %% Technicians and their open tickets.
method_search("technicians with their number of open tickets")
# %% The network team.
technicians = list_support_technicians("network")
print(technicians)
# %% The least busy one gets the oldest ticket.
technician = min(technicians, key=lambda t: t["open_tickets"])
method_search("assign a support ticket to a technician")
# %% Assign.
print(assign_support_ticket(tickets[0]["id"], technician["id"]))
# %% Done.
stop(technician["name"])
