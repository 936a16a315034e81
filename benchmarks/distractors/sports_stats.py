"""Sports statistics: baseball, basketball, American football, hockey, cricket, golf, leagues
and Elo ratings."""

from __future__ import annotations


def batting_average(hits: int, at_bats: int) -> float:
    """Baseball batting average.

    Args:
        hits: Hits.
        at_bats: At-bats.

    Returns:
        hits / at_bats, rounded to 3 decimals.

    Example:
        >>> batting_average(150, 500)
        0.3
    """
    return round(hits / at_bats, 3)


def on_base_percentage(
    hits: int, walks: int, hit_by_pitch: int, at_bats: int, sacrifice_flies: int
) -> float:
    """Baseball on-base percentage (OBP).

    Args:
        hits: Hits.
        walks: Bases on balls.
        hit_by_pitch: Times hit by a pitch.
        at_bats: At-bats.
        sacrifice_flies: Sacrifice flies.

    Returns:
        OBP, rounded to 3 decimals.

    Example:
        >>> on_base_percentage(150, 60, 5, 500, 5)
        0.377
    """
    on_base = hits + walks + hit_by_pitch
    return round(on_base / (at_bats + walks + hit_by_pitch + sacrifice_flies), 3)


def slugging_percentage(
    singles: int, doubles: int, triples: int, home_runs: int, at_bats: int
) -> float:
    """Baseball slugging percentage: total bases per at-bat.

    Args:
        singles: Singles.
        doubles: Doubles.
        triples: Triples.
        home_runs: Home runs.
        at_bats: At-bats.

    Returns:
        SLG, rounded to 3 decimals.

    Example:
        >>> slugging_percentage(100, 30, 5, 15, 500)
        0.47
    """
    return round((singles + 2 * doubles + 3 * triples + 4 * home_runs) / at_bats, 3)


def earned_run_average(earned_runs: int, innings_pitched: float) -> float:
    """Baseball ERA: earned runs allowed per nine innings.

    Args:
        earned_runs: Earned runs.
        innings_pitched: Innings pitched (thirds as .1/.2 are NOT understood; use 6.333).

    Returns:
        ERA, rounded to 2 decimals.

    Example:
        >>> earned_run_average(50, 180)
        2.5
    """
    return round(9 * earned_runs / innings_pitched, 2)


def passer_rating(
    completions: int, attempts: int, yards: int, touchdowns: int, interceptions: int
) -> float:
    """NFL passer rating of a quarterback (0 to 158.3).

    Args:
        completions: Completed passes.
        attempts: Pass attempts.
        yards: Passing yards.
        touchdowns: Touchdown passes.
        interceptions: Interceptions thrown.

    Returns:
        The rating, rounded to 1 decimal.

    Example:
        >>> passer_rating(20, 30, 250, 2, 1)
        100.7
    """

    def clamp(value: float) -> float:
        return max(0.0, min(2.375, value))

    a = clamp((completions / attempts - 0.3) * 5)
    b = clamp((yards / attempts - 3) * 0.25)
    c = clamp(touchdowns / attempts * 20)
    d = clamp(2.375 - interceptions / attempts * 25)
    return round((a + b + c + d) / 6 * 100, 1)


def true_shooting_percentage(
    points: int, field_goal_attempts: int, free_throw_attempts: int
) -> float:
    """Basketball true shooting percentage, counting twos, threes and free throws.

    Args:
        points: Points scored.
        field_goal_attempts: Field-goal attempts.
        free_throw_attempts: Free-throw attempts.

    Returns:
        TS% in percent, rounded to 1 decimal.

    Example:
        >>> true_shooting_percentage(30, 20, 8)
        63.8
    """
    return round(points / (2 * (field_goal_attempts + 0.44 * free_throw_attempts)) * 100, 1)


def effective_field_goal_percentage(field_goals: int, three_pointers: int, attempts: int) -> float:
    """Basketball effective field-goal percentage (a three counts 1.5 times).

    Args:
        field_goals: Field goals made (threes included).
        three_pointers: Three-pointers made.
        attempts: Field-goal attempts.

    Returns:
        eFG% in percent, rounded to 1 decimal.

    Example:
        >>> effective_field_goal_percentage(10, 4, 20)
        60.0
    """
    return round((field_goals + 0.5 * three_pointers) / attempts * 100, 1)


def save_percentage(saves: int, shots_against: int) -> float:
    """Goalkeeper save percentage (hockey, football/soccer, handball).

    Args:
        saves: Saves made.
        shots_against: Shots on goal faced.

    Returns:
        Share saved, rounded to 3 decimals.

    Example:
        >>> save_percentage(28, 30)
        0.933
    """
    return round(saves / shots_against, 3)


def goals_against_average(
    goals_against: int, minutes_played: float, game_minutes: int = 60
) -> float:
    """Goals conceded per full game (hockey uses 60 minutes).

    Args:
        goals_against: Goals conceded.
        minutes_played: Minutes in goal.
        game_minutes: Length of a game.

    Returns:
        GAA, rounded to 2 decimals.

    Example:
        >>> goals_against_average(45, 1800)
        1.5
    """
    return round(goals_against * game_minutes / minutes_played, 2)


def league_points(wins: int, draws: int, losses: int, points_for_win: int = 3) -> int:
    """League table points (3 for a win and 1 for a draw by default).

    Args:
        wins: Matches won.
        draws: Matches drawn.
        losses: Matches lost (they score nothing).
        points_for_win: Points per win.

    Returns:
        Total points.

    Example:
        >>> league_points(20, 8, 10)
        68
    """
    return wins * points_for_win + draws


def win_percentage(wins: int, losses: int, ties: int = 0) -> float:
    """Winning percentage with ties counted as half a win.

    Args:
        wins: Wins.
        losses: Losses.
        ties: Ties.

    Returns:
        A share from 0 to 1, rounded to 3 decimals.

    Example:
        >>> win_percentage(10, 5, 1)
        0.656
    """
    return round((wins + 0.5 * ties) / (wins + losses + ties), 3)


def games_behind(leader_wins: int, leader_losses: int, team_wins: int, team_losses: int) -> float:
    """How many games a team trails the division leader.

    Args:
        leader_wins: Leader's wins.
        leader_losses: Leader's losses.
        team_wins: Team's wins.
        team_losses: Team's losses.

    Returns:
        Games behind (halves possible).

    Example:
        >>> games_behind(60, 40, 55, 44)
        4.5
    """
    return ((leader_wins - team_wins) + (team_losses - leader_losses)) / 2


def pythagorean_win_expectation(
    points_scored: float, points_allowed: float, exponent: float = 2.0
) -> float:
    """Expected winning share from points scored and allowed (Bill James' formula).

    Args:
        points_scored: Runs/points scored.
        points_allowed: Runs/points allowed.
        exponent: 2 for baseball, about 13.9 for basketball.

    Returns:
        Expected win share, rounded to 3 decimals.

    Example:
        >>> pythagorean_win_expectation(800, 700)
        0.566
    """
    return round(points_scored**exponent / (points_scored**exponent + points_allowed**exponent), 3)


def elo_expected_score(rating: float, opponent_rating: float) -> float:
    """Expected score of a player against an opponent under the Elo system.

    Args:
        rating: The player's rating.
        opponent_rating: The opponent's rating.

    Returns:
        Expected score from 0 to 1, rounded to 4 decimals.

    Example:
        >>> elo_expected_score(1600, 1400)
        0.7597
    """
    return round(1 / (1 + 10 ** ((opponent_rating - rating) / 400)), 4)


def elo_new_rating(
    rating: float, opponent_rating: float, score: float, k_factor: float = 32
) -> float:
    """Rating after a game under the Elo system.

    Args:
        rating: The player's rating before the game.
        opponent_rating: The opponent's rating.
        score: 1 for a win, 0.5 for a draw, 0 for a loss.
        k_factor: Maximum change per game.

    Returns:
        The new rating, rounded to 1 decimal.

    Example:
        >>> elo_new_rating(1600, 1400, 0)
        1575.7
    """
    expected = 1 / (1 + 10 ** ((opponent_rating - rating) / 400))
    return round(rating + k_factor * (score - expected), 1)


def golf_score_name(strokes: int, par: int) -> str:
    """Name of a golf hole score relative to par (birdie, bogey, ...).

    Args:
        strokes: Strokes taken.
        par: The hole's par.

    Returns:
        e.g. "eagle" or "double bogey".

    Example:
        >>> golf_score_name(3, 5)
        'eagle'
    """
    names = dict(enumerate(["albatross", "eagle", "birdie", "par", "bogey", "double bogey"], -3))
    if strokes == 1:
        return "hole in one"
    diff = strokes - par
    return names.get(diff, f"{diff} over par" if diff > 0 else f"{-diff} under par")


def cricket_run_rate(runs: int, overs: float) -> float:
    """Cricket run rate: runs per over (overs written like 18.3 mean 18 overs and 3 balls).

    Args:
        runs: Runs scored.
        overs: Overs bowled in cricket notation.

    Returns:
        Runs per over, rounded to 2 decimals.

    Example:
        >>> cricket_run_rate(150, 18.3)
        8.11
    """
    whole = int(overs)
    balls = round((overs - whole) * 10)
    return round(runs / (whole + balls / 6), 2)


def cricket_strike_rate(runs: int, balls_faced: int) -> float:
    """Batting strike rate: runs per 100 balls.

    Args:
        runs: Runs scored.
        balls_faced: Balls faced.

    Returns:
        Strike rate, rounded to 2 decimals.

    Example:
        >>> cricket_strike_rate(75, 50)
        150.0
    """
    return round(runs / balls_faced * 100, 2)
