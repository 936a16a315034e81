# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the patient; two may share the name.
method_search("find a patient by name and birth date")
# %% Oskar Berg born 1987-02-14.
patients = find_patient("Oskar Berg", "1987-02-14")
print(patients)
# %% Which doctors are dermatologists?
method_search("list doctors of a specialty")
# %% Dermatology.
doctors = list_doctors("dermatology")
print(doctors)
# %% Their free slots that day.
method_search("free appointment slots of a doctor on a day")
# %% Both doctors.
slots = [slot for doctor in doctors for slot in list_open_slots(doctor["id"], "2025-09-03")]
print(slots)
# %% The earliest one; book it.
earliest = min(slots, key=lambda slot: slot["starts_at"])
method_search("book an appointment for a patient")
# %% Book.
print(book_appointment(patients[0]["id"], earliest["slot_id"], "skin rash"))
# %% The time.
stop(earliest["time"])
