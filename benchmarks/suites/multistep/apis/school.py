"""School gradebook: students, courses, weighted assessments and recorded scores.

The data lives in `school.json` in the workspace. Scores are out of 100. A course grade is the
weighted sum of a student's assessment scores; the weights of a course add up to 1.
"""

from __future__ import annotations

from _multistep_store import folded, read_json, write_json

__all__ = [
    "find_student",
    "get_assessment_weights",
    "get_course_ranking",
    "get_student_scores",
    "list_student_courses",
    "record_assessment_score",
]

# Writes: approval policies ask before them, budgets are tighter, and the agent does not
# repeat one that already worked.
__react_repl__ = {name: {"side_effects": True} for name in ("record_assessment_score",)}

SCHOOL_FILE = "school.json"


def find_student(name: str) -> list[dict]:
    """Find students whose name contains the text.

    Args:
        name: The student's name or part of it, e.g. "Amira Haddad".

    Returns:
        Matching students, each with keys id (e.g. "S-02"), name and year_group.
    """
    wanted = folded(name)
    return [s for s in read_json(SCHOOL_FILE)["students"] if wanted in folded(s["name"])]


def list_student_courses(student_id: str) -> list[dict]:
    """List the courses a student is enrolled in.

    Args:
        student_id: The student's id, e.g. "S-01".

    Returns:
        One dict per course with keys code (e.g. "CHEM-210"), title and teacher.

    Raises:
        LookupError: There is no student with this id.
    """
    data = read_json(SCHOOL_FILE)
    student = _student(data, student_id)
    return [c for c in data["courses"] if student["id"] in data["enrolments"].get(c["code"], [])]


def get_assessment_weights(course_code: str) -> list[dict]:
    """Get the graded assessments of a course and how much each counts toward the grade.

    Args:
        course_code: The course code, e.g. "CHEM-210".

    Returns:
        One dict per assessment with keys name (e.g. "Final exam") and weight (a fraction;
        the weights of a course add up to 1).

    Raises:
        LookupError: There is no course with this code.
    """
    data = read_json(SCHOOL_FILE)
    return [dict(item) for item in data["assessments"][_course(data, course_code)]]


def get_student_scores(student_id: str, course_code: str) -> list[dict]:
    """Get the scores a student has received so far in one course.

    Args:
        student_id: The student's id, e.g. "S-01".
        course_code: The course code, e.g. "CHEM-210".

    Returns:
        One dict per graded assessment with keys assessment and score (out of 100).
        Assessments not graded yet are left out.

    Raises:
        LookupError: There is no such student or course.
    """
    data = read_json(SCHOOL_FILE)
    student, code = _student(data, student_id), _course(data, course_code)
    return [
        {"assessment": s["assessment"], "score": s["score"]}
        for s in data["scores"]
        if s["student_id"] == student["id"] and s["course"] == code
    ]


def record_assessment_score(
    student_id: str, course_code: str, assessment: str, score: float
) -> dict:
    """Record a student's score for one assessment of a course.

    Args:
        student_id: The student's id, e.g. "S-02".
        course_code: The course code, e.g. "MATH-101".
        assessment: The assessment's name, e.g. "Final exam" (see get_assessment_weights).
        score: The score out of 100.

    Returns:
        The recorded score: keys student_id, course, assessment and score.

    Raises:
        LookupError: There is no such student, course or assessment.
        ValueError: The student is not enrolled, the score is outside 0-100, or a score is
            already recorded for this assessment.
    """
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0 <= score <= 100:
        raise ValueError(f"The score must be a number from 0 to 100, got {score!r}.")
    data = read_json(SCHOOL_FILE)
    student, code = _student(data, student_id), _course(data, course_code)
    if student["id"] not in data["enrolments"].get(code, []):
        raise ValueError(f"{student['name']} is not enrolled in {code}.")
    names = {folded(item["name"]): item["name"] for item in data["assessments"][code]}
    name = names.get(folded(assessment))
    if name is None:
        raise LookupError(
            f"{code} has no assessment {assessment!r}; it has {', '.join(names.values())}."
        )
    for existing in data["scores"]:
        if (existing["student_id"], existing["course"], existing["assessment"]) == (
            student["id"],
            code,
            name,
        ):
            raise ValueError(f"{student['name']} already has {existing['score']} for {name}.")
    recorded = {"student_id": student["id"], "course": code, "assessment": name, "score": score}
    data["scores"].append(recorded)
    write_json(SCHOOL_FILE, data)
    return dict(recorded)


def get_course_ranking(course_code: str) -> list[dict]:
    """Rank the students of a course by weighted grade, best first.

    Only students with a score for every assessment of the course are ranked.

    Args:
        course_code: The course code, e.g. "MATH-101".

    Returns:
        One dict per ranked student with keys rank (1 = best; equal grades share a rank),
        student_id and grade (weighted, out of 100, two decimals).

    Raises:
        LookupError: There is no course with this code.
    """
    data = read_json(SCHOOL_FILE)
    code = _course(data, course_code)
    weights = {item["name"]: item["weight"] for item in data["assessments"][code]}
    grades = []
    for student_id in data["enrolments"].get(code, []):
        scores = {
            s["assessment"]: s["score"]
            for s in data["scores"]
            if s["student_id"] == student_id and s["course"] == code
        }
        if set(scores) == set(weights):
            grade = round(sum(weights[name] * scores[name] for name in weights), 2)
            grades.append({"student_id": student_id, "grade": grade})
    grades.sort(key=lambda item: -item["grade"])
    for item in grades:
        item["rank"] = 1 + sum(other["grade"] > item["grade"] for other in grades)
    return [{"rank": g["rank"], "student_id": g["student_id"], "grade": g["grade"]} for g in grades]


def _student(data: dict, student_id: str) -> dict:
    for student in data["students"]:
        if student["id"] == str(student_id).strip().upper():
            return student
    raise LookupError(f"No student with id {student_id!r}; see find_student().")


def _course(data: dict, course_code: str) -> str:
    code = str(course_code).strip().upper().replace(" ", "-")
    if code not in data["assessments"]:
        known = ", ".join(course["code"] for course in data["courses"])
        raise LookupError(f"No course {course_code!r}; the courses are {known}.")
    return code
