# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Look at the leave request.
method_search("get a leave request")
# %% Whose request is it?
request = get_leave_request("LR-0042")
print(request)
# %% Find the employee's manager.
method_search("get an employee record with their manager")
# %% The employee.
employee = get_employee(request["employee_id"])
print(employee)
# %% And the manager.
manager = get_employee(employee["manager_id"])
print(manager)
# %% Approve as the manager.
method_search("approve a leave request")
# %% Approve it.
print(approve_leave_request("LR-0042", manager["id"]))
# %% Done.
stop(manager["name"])
