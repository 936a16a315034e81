# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Close the ticket.
method_search("close a support ticket with a resolution")
# %% HD-4403.
ticket = close_support_ticket("HD-4403", "Replaced faulty switch port")
print(ticket)
# %% The assignee's open tickets.
method_search("list open support tickets assigned to a technician")
# %% Still open.
still_open = list_support_tickets(assignee_id=ticket["assignee_id"])
print(still_open)
# %% Count them.
stop(len(still_open))
