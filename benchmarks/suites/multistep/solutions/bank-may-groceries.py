# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the accounts.
method_search("list my bank accounts")
# %% Which one is checking?
accounts = list_bank_accounts()
print(accounts)
# %% The May transactions.
checking = next(account for account in accounts if account["kind"] == "checking")
method_search("list transactions of an account between dates")
# %% Only groceries.
groceries = list_account_transactions(checking["id"], "2025-05-01", "2025-05-31", "groceries")
print(groceries)
# %% Spending is the negative amounts.
stop(round(-sum(t["amount"] for t in groceries), 2))
