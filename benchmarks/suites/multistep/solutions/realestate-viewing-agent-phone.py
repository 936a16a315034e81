# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Book the viewing.
method_search("book a viewing of a home")
# %% LD-2207 at 11:00.
print(book_viewing("LD-2207", "2025-05-17", "11:00", "Noor de Vries"))
# %% Who is the agent?
method_search("get listing details")
# %% The listing names its agent.
listing = get_listing("LD-2207")
print(listing)
# %% The agent's contact details.
method_search("estate agent phone number")
# %% Look the agent up.
agent = get_estate_agent(listing["agent_id"])
print(agent)
# %% The phone number.
stop(agent["phone"])
