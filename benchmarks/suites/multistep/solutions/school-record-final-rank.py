# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the student.
method_search("find a student by name")
# %% Amira Haddad.
students = find_student("Amira Haddad")
print(students)
# %% Record the score.
method_search("record a score for an assessment")
# %% The final exam.
print(record_assessment_score(students[0]["id"], "MATH-101", "Final exam", 88))
# %% Now the ranking.
method_search("rank students in a course by grade")
# %% MATH-101.
ranking = get_course_ranking("MATH-101")
print(ranking)
# %% Her rank.
stop(next(row["rank"] for row in ranking if row["student_id"] == students[0]["id"]))
