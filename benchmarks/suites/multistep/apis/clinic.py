"""Outpatient clinic scheduling: patients, doctors, open appointment slots and bookings.

The data lives in `clinic.db` in the workspace. Slot times are local, written
YYYY-MM-DDTHH:MM. An appointment is booked, completed or cancelled; cancelling frees its slot.
"""

from __future__ import annotations

import sqlite3

from _multistep_store import database, fetch_all, fetch_one, folded, next_id, parse_day

__all__ = [
    "book_appointment",
    "cancel_appointment",
    "find_patient",
    "get_doctor",
    "list_doctors",
    "list_open_slots",
    "list_patient_appointments",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {
    name: {"side_effects": True}
    for name in (
        "book_appointment",
        "cancel_appointment",
    )
}

CLINIC_DB = "clinic.db"
_SPECIALTY_WORDS = {
    "dermatologist": "dermatology",
    "skin": "dermatology",
    "cardiologist": "cardiology",
    "heart": "cardiology",
    "gp": "general practice",
    "general practitioner": "general practice",
    "family doctor": "general practice",
}
_OPEN_SLOTS = (
    "SELECT s.id AS slot_id, s.doctor_id, d.name AS doctor_name, s.starts_at, "
    "substr(s.starts_at, 12, 5) AS time, s.minutes FROM slots s JOIN doctors d "
    "ON d.id = s.doctor_id WHERE NOT EXISTS (SELECT 1 FROM appointments a WHERE "
    "a.slot_id = s.id AND a.status != 'cancelled')"
)


def find_patient(name: str, birth_date: str | None = None) -> list[dict]:
    """Find clinic patients by name, optionally narrowed down by date of birth.

    Args:
        name: The patient's name or part of it, e.g. "Oskar Berg".
        birth_date: Date of birth, YYYY-MM-DD, to tell apart patients with the same name.

    Returns:
        Matching patients, each with keys id (e.g. "P-301"), name, birth_date and phone.

    Raises:
        ValueError: The birth date is not YYYY-MM-DD.
    """
    born = parse_day(birth_date, "birth date").isoformat() if birth_date else None
    with database(CLINIC_DB) as db:
        patients = fetch_all(db, "SELECT * FROM patients ORDER BY id")
    return [
        patient
        for patient in patients
        if folded(name) in folded(patient["name"]) and born in (None, patient["birth_date"])
    ]


def list_doctors(specialty: str | None = None) -> list[dict]:
    """List the clinic's doctors, optionally only those of one medical specialty.

    Args:
        specialty: e.g. "dermatology", "cardiology" or "general practice"; None for all.

    Returns:
        One dict per doctor with keys id (e.g. "D-11"), name, specialty and room.
    """
    with database(CLINIC_DB) as db:
        doctors = fetch_all(db, "SELECT * FROM doctors ORDER BY id")
    if specialty is None:
        return doctors
    wanted = _SPECIALTY_WORDS.get(folded(specialty), folded(specialty))
    return [doctor for doctor in doctors if wanted in folded(doctor["specialty"])]


def get_doctor(doctor_id: str) -> dict:
    """Get one doctor's name, specialty and consulting room.

    Args:
        doctor_id: The doctor's id, e.g. "D-13".

    Returns:
        Keys id, name, specialty and room.

    Raises:
        LookupError: There is no doctor with this id.
    """
    with database(CLINIC_DB) as db:
        return _require(db, "doctors", doctor_id, "D-11")


def list_open_slots(doctor_id: str, day: str) -> list[dict]:
    """List a doctor's free appointment slots on one day, earliest first.

    Args:
        doctor_id: The doctor's id, e.g. "D-12" (see list_doctors).
        day: The day, YYYY-MM-DD.

    Returns:
        One dict per free slot with keys slot_id, doctor_id, doctor_name, starts_at
        (YYYY-MM-DDTHH:MM), time (HH:MM) and minutes.

    Raises:
        LookupError: There is no doctor with this id.
        ValueError: The day is not YYYY-MM-DD.
    """
    wanted = parse_day(day, "day").isoformat()
    with database(CLINIC_DB) as db:
        _require(db, "doctors", doctor_id, "D-11")
        return fetch_all(
            db,
            _OPEN_SLOTS + " AND s.doctor_id = ? AND substr(s.starts_at, 1, 10) = ? "
            "ORDER BY s.starts_at",
            doctor_id,
            wanted,
        )


def book_appointment(patient_id: str, slot_id: str, reason: str) -> dict:
    """Book a free slot as an appointment for a patient.

    Args:
        patient_id: The patient's id, e.g. "P-301" (see find_patient).
        slot_id: A free slot's id, e.g. "S-9006" (see list_open_slots).
        reason: Why the patient comes, e.g. "skin rash".

    Returns:
        The appointment: keys appointment_id, patient_id, doctor_id, doctor_name, starts_at,
        reason and status ("booked").

    Raises:
        LookupError: There is no such patient or slot.
        ValueError: The slot is already taken or the reason is empty.
    """
    if not str(reason).strip():
        raise ValueError("Give the reason for the visit, e.g. 'skin rash'.")
    with database(CLINIC_DB, write=True) as db:
        _require(db, "patients", patient_id, "P-301")
        _require(db, "slots", slot_id, "S-9001")
        slot = fetch_one(db, _OPEN_SLOTS + " AND s.id = ?", slot_id)
        if slot is None:
            raise ValueError(f"Slot {slot_id} is already booked; see list_open_slots().")
        existing = [row["id"] for row in fetch_all(db, "SELECT id FROM appointments")]
        appointment_id = next_id("A-", existing, 4)
        db.execute(
            "INSERT INTO appointments VALUES (?, ?, ?, ?, 'booked')",
            (appointment_id, patient_id, slot_id, str(reason).strip()),
        )
    return {
        "appointment_id": appointment_id,
        "patient_id": patient_id,
        "doctor_id": slot["doctor_id"],
        "doctor_name": slot["doctor_name"],
        "starts_at": slot["starts_at"],
        "reason": str(reason).strip(),
        "status": "booked",
    }


def list_patient_appointments(patient_id: str) -> list[dict]:
    """List all of a patient's appointments (past, upcoming and cancelled), in time order.

    Args:
        patient_id: The patient's id, e.g. "P-303".

    Returns:
        One dict per appointment with keys appointment_id, doctor_id, starts_at, reason and
        status ("booked", "completed" or "cancelled").

    Raises:
        LookupError: There is no patient with this id.
    """
    with database(CLINIC_DB) as db:
        _require(db, "patients", patient_id, "P-301")
        return fetch_all(
            db,
            "SELECT a.id AS appointment_id, s.doctor_id, s.starts_at, a.reason, a.status FROM "
            "appointments a JOIN slots s ON s.id = a.slot_id WHERE a.patient_id = ? "
            "ORDER BY s.starts_at",
            patient_id,
        )


def cancel_appointment(appointment_id: str) -> dict:
    """Cancel a booked appointment, freeing its slot for other patients.

    Args:
        appointment_id: The appointment's id, e.g. "A-7002".

    Returns:
        Keys appointment_id, doctor_id, starts_at and status ("cancelled").

    Raises:
        LookupError: There is no appointment with this id.
        ValueError: The appointment is already completed or cancelled.
    """
    with database(CLINIC_DB, write=True) as db:
        appointment = fetch_one(
            db,
            "SELECT a.id AS appointment_id, s.doctor_id, s.starts_at, a.status FROM "
            "appointments a JOIN slots s ON s.id = a.slot_id WHERE a.id = ?",
            str(appointment_id).strip(),
        )
        if appointment is None:
            raise LookupError(f"No appointment with id {appointment_id!r}; ids look like A-7001.")
        if appointment["status"] != "booked":
            raise ValueError(f"Appointment {appointment_id} is {appointment['status']}.")
        db.execute(
            "UPDATE appointments SET status = 'cancelled' WHERE id = ?",
            (appointment["appointment_id"],),
        )
    appointment["status"] = "cancelled"
    return appointment


def _require(db: sqlite3.Connection, table: str, row_id: str, example: str) -> dict:
    row = fetch_one(db, f"SELECT * FROM {table} WHERE id = ?", str(row_id).strip())
    if row is None:
        singular = table.rstrip("s")
        raise LookupError(f"No {singular} with id {row_id!r}; {singular} ids look like {example}.")
    return row
