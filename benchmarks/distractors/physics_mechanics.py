"""Classical mechanics: energy, momentum, motion under gravity, circular motion, springs.

SI units throughout: metres, seconds, kilograms, newtons, joules. g = 9.80665 m/s2.
"""

from __future__ import annotations

import math

STANDARD_GRAVITY = 9.80665
GRAVITATIONAL_CONSTANT = 6.6743e-11


def kinetic_energy(mass_kg: float, speed_mps: float) -> float:
    """Kinetic energy of a moving mass.

    Args:
        mass_kg: Mass.
        speed_mps: Speed.

    Returns:
        Energy in joules.

    Example:
        >>> kinetic_energy(1200, 20)
        240000.0
    """
    return 0.5 * mass_kg * speed_mps**2


def gravitational_potential_energy(
    mass_kg: float, height_m: float, g: float = STANDARD_GRAVITY
) -> float:
    """Potential energy of a mass raised to a height.

    Args:
        mass_kg: Mass.
        height_m: Height above the reference level.
        g: Gravitational acceleration.

    Returns:
        Energy in joules, rounded to 4 decimals.

    Example:
        >>> gravitational_potential_energy(10, 5)
        490.3325
    """
    return round(mass_kg * g * height_m, 4)


def momentum(mass_kg: float, velocity_mps: float) -> float:
    """Linear momentum of a moving mass.

    Args:
        mass_kg: Mass.
        velocity_mps: Velocity.

    Returns:
        Momentum in kg·m/s.

    Example:
        >>> momentum(0.145, 40)
        5.8
    """
    return round(mass_kg * velocity_mps, 10)


def free_fall_time(height_m: float, g: float = STANDARD_GRAVITY) -> float:
    """Time for an object dropped from rest to fall a height (no air resistance).

    Args:
        height_m: Drop height.
        g: Gravitational acceleration.

    Returns:
        Seconds, rounded to 3 decimals.

    Example:
        >>> free_fall_time(20)
        2.02
    """
    return round(math.sqrt(2 * height_m / g), 3)


def impact_speed_from_height(height_m: float, g: float = STANDARD_GRAVITY) -> float:
    """Speed reached after falling a height from rest (no air resistance).

    Args:
        height_m: Drop height.
        g: Gravitational acceleration.

    Returns:
        Speed in m/s, rounded to 3 decimals.

    Example:
        >>> impact_speed_from_height(20)
        19.806
    """
    return round(math.sqrt(2 * g * height_m), 3)


def projectile_range(speed_mps: float, angle_degrees: float, g: float = STANDARD_GRAVITY) -> float:
    """Horizontal distance a projectile travels over flat ground (no air resistance).

    Args:
        speed_mps: Launch speed.
        angle_degrees: Launch angle above horizontal.
        g: Gravitational acceleration.

    Returns:
        Range in metres, rounded to 3 decimals.

    Example:
        >>> projectile_range(20, 45)
        40.789
    """
    return round(speed_mps**2 * math.sin(math.radians(2 * angle_degrees)) / g, 3)


def projectile_max_height(
    speed_mps: float, angle_degrees: float, g: float = STANDARD_GRAVITY
) -> float:
    """Highest point of a projectile's flight above its launch height.

    Args:
        speed_mps: Launch speed.
        angle_degrees: Launch angle above horizontal.
        g: Gravitational acceleration.

    Returns:
        Height in metres, rounded to 3 decimals.

    Example:
        >>> projectile_max_height(20, 90)
        20.394
    """
    return round((speed_mps * math.sin(math.radians(angle_degrees))) ** 2 / (2 * g), 3)


def projectile_flight_time(
    speed_mps: float, angle_degrees: float, g: float = STANDARD_GRAVITY
) -> float:
    """Time a projectile spends in the air over flat ground.

    Args:
        speed_mps: Launch speed.
        angle_degrees: Launch angle above horizontal.
        g: Gravitational acceleration.

    Returns:
        Seconds, rounded to 3 decimals.

    Example:
        >>> projectile_flight_time(20, 30)
        2.039
    """
    return round(2 * speed_mps * math.sin(math.radians(angle_degrees)) / g, 3)


def centripetal_force(mass_kg: float, speed_mps: float, radius_m: float) -> float:
    """Force needed to keep a mass moving in a circle.

    Args:
        mass_kg: Mass.
        speed_mps: Speed along the circle.
        radius_m: Radius of the circle.

    Returns:
        Force in newtons.

    Example:
        >>> centripetal_force(1000, 20, 50)
        8000.0
    """
    return mass_kg * speed_mps**2 / radius_m


def pendulum_period(length_m: float, g: float = STANDARD_GRAVITY) -> float:
    """Period of a simple pendulum for small swings.

    Args:
        length_m: Length of the pendulum.
        g: Gravitational acceleration.

    Returns:
        Seconds per full swing, rounded to 4 decimals.

    Example:
        >>> pendulum_period(1)
        2.0064
    """
    return round(2 * math.pi * math.sqrt(length_m / g), 4)


def spring_force(spring_constant: float, extension_m: float) -> float:
    """Restoring force of a spring stretched or compressed (Hooke's law).

    Args:
        spring_constant: Stiffness k in N/m.
        extension_m: Displacement from rest.

    Returns:
        Force magnitude in newtons.

    Example:
        >>> spring_force(200, 0.05)
        10.0
    """
    return round(spring_constant * abs(extension_m), 10)


def spring_potential_energy(spring_constant: float, extension_m: float) -> float:
    """Energy stored in a stretched or compressed spring.

    Args:
        spring_constant: Stiffness k in N/m.
        extension_m: Displacement from rest.

    Returns:
        Energy in joules.

    Example:
        >>> spring_potential_energy(200, 0.1)
        1.0
    """
    return round(0.5 * spring_constant * extension_m**2, 10)


def mechanical_power(work_joules: float, seconds: float) -> float:
    """Average power when work is done over a time.

    Args:
        work_joules: Work done.
        seconds: Time taken.

    Returns:
        Power in watts.

    Example:
        >>> mechanical_power(3000, 60)
        50.0
    """
    return work_joules / seconds


def final_velocity(initial_mps: float, acceleration_mps2: float, seconds: float) -> float:
    """Velocity after constant acceleration for a time.

    Args:
        initial_mps: Starting velocity.
        acceleration_mps2: Constant acceleration.
        seconds: Duration.

    Returns:
        Final velocity in m/s.

    Example:
        >>> final_velocity(5, 2, 10)
        25
    """
    return initial_mps + acceleration_mps2 * seconds


def distance_under_acceleration(
    initial_mps: float, acceleration_mps2: float, seconds: float
) -> float:
    """Distance covered under constant acceleration.

    Args:
        initial_mps: Starting velocity.
        acceleration_mps2: Constant acceleration.
        seconds: Duration.

    Returns:
        Distance in metres.

    Example:
        >>> distance_under_acceleration(0, 3, 4)
        24.0
    """
    return initial_mps * seconds + 0.5 * acceleration_mps2 * seconds**2


def friction_force(normal_force_n: float, coefficient: float) -> float:
    """Sliding friction force between two surfaces.

    Args:
        normal_force_n: Force pressing the surfaces together.
        coefficient: Coefficient of friction.

    Returns:
        Friction force in newtons.

    Example:
        >>> friction_force(500, 0.3)
        150.0
    """
    return normal_force_n * coefficient


def gravitational_attraction(mass1_kg: float, mass2_kg: float, distance_m: float) -> float:
    """Newtonian gravitational force between two masses.

    Args:
        mass1_kg: First mass.
        mass2_kg: Second mass.
        distance_m: Distance between their centres.

    Returns:
        Force in newtons, to 5 significant digits.

    Example:
        >>> gravitational_attraction(5.972e24, 7.348e22, 3.844e8)
        1.9821e+20
    """
    return float(f"{GRAVITATIONAL_CONSTANT * mass1_kg * mass2_kg / distance_m**2:.5g}")


def escape_velocity(mass_kg: float, radius_m: float) -> float:
    """Speed needed to escape a body's gravity from its surface.

    Args:
        mass_kg: Mass of the body.
        radius_m: Its radius.

    Returns:
        Speed in km/s, rounded to 2 decimals.

    Example:
        >>> escape_velocity(5.972e24, 6.371e6)
        11.19
    """
    return round(math.sqrt(2 * GRAVITATIONAL_CONSTANT * mass_kg / radius_m) / 1000, 2)


def inclined_plane_acceleration(angle_degrees: float, friction_coefficient: float = 0.0) -> float:
    """Acceleration of a block sliding down a slope.

    Args:
        angle_degrees: Slope angle.
        friction_coefficient: Kinetic friction coefficient.

    Returns:
        Acceleration in m/s2 (0 if friction holds it), rounded to 3 decimals.

    Example:
        >>> inclined_plane_acceleration(30)
        4.903
    """
    angle = math.radians(angle_degrees)
    accel = STANDARD_GRAVITY * (math.sin(angle) - friction_coefficient * math.cos(angle))
    return round(max(0.0, accel), 3)
