# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the employee.
method_search("find an employee by name")
# %% Look him up.
employees = find_employee("Tomasz Wójcik")
print(employees)
# %% Submit the request.
method_search("submit a leave request")
# %% Annual leave for the two weeks.
request = submit_leave_request(employees[0]["id"], "annual", "2025-08-11", "2025-08-22")
print(request)
# %% Check the balance afterwards.
method_search("leave balance of an employee")
# %% The 2025 balance.
balance = get_leave_balance(employees[0]["id"], 2025)
print(balance)
# %% Remaining annual days.
stop(balance["annual"]["remaining"])
