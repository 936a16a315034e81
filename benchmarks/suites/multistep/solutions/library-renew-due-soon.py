# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the member from the library card number.
method_search("find library member by card number")
# %% Look the card up.
member = find_member_by_card("2290-4471")
print(member)
# %% List the member's loans.
method_search("list books a member has on loan")
# %% See what is due.
loans = list_member_loans(member["id"])
print(loans)
# %% Renew the loans due on or before 2025-05-10.
due_soon = [loan for loan in loans if loan["due_on"] <= "2025-05-10"]
method_search("renew a library loan")
# %% Renew each of them.
renewed = [renew_loan(loan["loan_id"]) for loan in due_soon]
print(renewed)
# %% Report the new due dates, earliest first.
stop(sorted(loan["due_on"] for loan in renewed))
