# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the patient.
method_search("find a patient by name and birth date")
# %% Priya Nair.
patients = find_patient("Priya Nair", "1992-11-30")
print(patients)
# %% Her appointments.
method_search("list a patient's appointments")
# %% All of them.
appointments = list_patient_appointments(patients[0]["id"])
print(appointments)
# %% The next booked one after 2025-09-01; cancel it.
upcoming = [a for a in appointments if a["status"] == "booked" and a["starts_at"] > "2025-09-01"]
following = min(upcoming, key=lambda a: a["starts_at"])
method_search("cancel an appointment")
# %% Cancel.
print(cancel_appointment(following["appointment_id"]))
# %% Who was the doctor?
method_search("get a doctor's name")
# %% Look the doctor up.
doctor = get_doctor(following["doctor_id"])
print(doctor)
# %% Done.
stop(doctor["name"])
