# ruff: noqa: F821  (the API names come from method_search, as in an agent's run)
# %% Find the member from the card number.
method_search("find library member by card number")
# %% Look the card up.
member = find_member_by_card("1187-5520")
print(member)
# %% Find the book in the catalogue.
method_search("search the library catalogue for a book title")
# %% Several books match; the one by Ines Okafor is wanted.
books = search_catalog("The Salt Road")
print(books)
# %% Take its ISBN and find how to place a hold.
isbn = next(b["isbn"] for b in books if b["author"] == "Ines Okafor")
method_search("place a hold on a book")
# %% Place the hold.
hold = place_hold(isbn, member["id"])
print(hold)
# %% The queue position.
stop(hold["position"])
