# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the checking account.
method_search("list my bank accounts")
# %% Accounts.
accounts = list_bank_accounts()
print(accounts)
# %% Find June's rent payment.
checking = next(account for account in accounts if account["kind"] == "checking")
method_search("list transactions of an account between dates")
# %% Rent in June 2025.
rent = list_account_transactions(checking["id"], "2025-06-01", "2025-06-30", "rent")
print(rent)
# %% The landlord's IBAN.
method_search("find a saved payee's IBAN")
# %% Henrik Aalto.
payees = find_saved_payees("Henrik Aalto")
print(payees)
# %% Transfer the same amount.
method_search("transfer money to an IBAN")
# %% Pay.
payment = transfer_money(checking["id"], payees[0]["iban"], -rent[0]["amount"], "Rent July 2025")
print(payment)
# %% The new balance.
stop(payment["new_balance"])
