-- The outpatient clinic of the multistep suite (apis/clinic.py). Build with build_fixtures.py.
CREATE TABLE patients (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, birth_date TEXT NOT NULL, phone TEXT NOT NULL
);
CREATE TABLE doctors (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, specialty TEXT NOT NULL, room TEXT NOT NULL
);
CREATE TABLE slots (
    id TEXT PRIMARY KEY, doctor_id TEXT NOT NULL REFERENCES doctors(id),
    starts_at TEXT NOT NULL, minutes INTEGER NOT NULL
);
CREATE TABLE appointments (
    id TEXT PRIMARY KEY, patient_id TEXT NOT NULL REFERENCES patients(id),
    slot_id TEXT NOT NULL REFERENCES slots(id), reason TEXT NOT NULL, status TEXT NOT NULL
);

INSERT INTO patients VALUES
    ('P-301', 'Oskar Berg', '1987-02-14', '+46 70 412 8830'),
    ('P-302', 'Oskar Berg', '1991-06-02', '+46 73 900 1147'),
    ('P-303', 'Priya Nair', '1992-11-30', '+44 7700 900412'),
    ('P-304', 'Lotte de Graaf', '1979-04-08', '+31 6 1234 0987'),
    ('P-305', 'Samuel Okoye', '2001-09-17', '+234 803 555 0142');

INSERT INTO doctors VALUES
    ('D-11', 'Hanna Virtanen', 'dermatology', '2.14'),
    ('D-12', 'Mateo Alvarez', 'dermatology', '2.16'),
    ('D-13', 'Grace Mensah', 'cardiology', '3.02'),
    ('D-14', 'Yusuf Demir', 'general practice', '1.05'),
    ('D-15', 'Ingrid Solberg', 'general practice', '1.07');

INSERT INTO slots VALUES
    ('S-9001', 'D-11', '2025-09-02T07:45', 30),
    ('S-9002', 'D-11', '2025-09-03T08:30', 30),
    ('S-9003', 'D-11', '2025-09-03T09:15', 30),
    ('S-9004', 'D-11', '2025-09-03T10:00', 30),
    ('S-9005', 'D-11', '2025-09-03T14:30', 30),
    ('S-9006', 'D-12', '2025-09-03T08:45', 30),
    ('S-9007', 'D-12', '2025-09-03T09:30', 30),
    ('S-9008', 'D-12', '2025-09-03T11:00', 30),
    ('S-9009', 'D-12', '2025-09-04T08:00', 30),
    ('S-9010', 'D-13', '2025-09-04T13:30', 45),
    ('S-9011', 'D-13', '2025-09-04T14:30', 45),
    ('S-9012', 'D-14', '2025-08-20T10:00', 15),
    ('S-9013', 'D-15', '2025-10-02T09:00', 15),
    ('S-9014', 'D-15', '2025-10-02T09:15', 15),
    ('S-9015', 'D-14', '2025-09-03T08:15', 15);

INSERT INTO appointments VALUES
    ('A-7001', 'P-303', 'S-9012', 'persistent cough', 'completed'),
    ('A-7002', 'P-303', 'S-9010', 'heart palpitations follow-up', 'booked'),
    ('A-7003', 'P-303', 'S-9013', 'annual check-up', 'booked'),
    ('A-7004', 'P-304', 'S-9002', 'mole check', 'booked'),
    ('A-7005', 'P-302', 'S-9015', 'sore throat', 'booked');
