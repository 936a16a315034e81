# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find rooms with a projector for 6.
method_search("find meeting rooms by capacity and equipment")
# %% Smallest first.
rooms = find_meeting_rooms(6, "projector")
print(rooms)
# %% Check which is free.
method_search("is a meeting room free at a time")
# %% Check each, smallest first.
checks = [check_room_availability(r["id"], "2025-11-04", "14:00", "15:00") for r in rooms]
print(checks)
# %% Book the first free one.
room = next(c for c in checks if c["free"])
method_search("book a meeting room")
# %% Book.
booking = book_meeting_room(
    room["room_id"], "2025-11-04", "14:00", "15:00", "Q4 planning", "Iris Chen"
)
print(booking)
# %% The room's name.
stop(booking["room_name"])
