# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the student.
method_search("find a student by name")
# %% Lucas Ferreira.
students = find_student("Lucas Ferreira")
print(students)
# %% The course's assessment weights.
method_search("assessment weights of a course")
# %% CHEM-210.
weights = get_assessment_weights("CHEM-210")
print(weights)
# %% His scores.
method_search("scores of a student in a course")
# %% Read them.
scores = get_student_scores(students[0]["id"], "CHEM-210")
print(scores)
# %% Weighted sum.
by_name = {score["assessment"]: score["score"] for score in scores}
stop(round(sum(w["weight"] * by_name[w["name"]] for w in weights), 1))
