"""The university's part of the course's Kubernetes values (``python -m hub.z2jh``).

Writes ``class.yaml``, given to ``helm`` after ``hub/z2jh/config.yaml`` (README "On
Kubernetes")::

    python -m hub.z2jh --class-list class_list.csv --instructor LOGIN --host HOST \\
        --email ADMIN_EMAIL --image REGISTRY/lightsout-edu-student:TAG \\
        --course-repo URL --lms moodle|canvas [--lms-url URL] --client-id ID \\
        [--out class.yaml]

What it holds, each value checked before anything is written:

- who may log in: the class list's student ids (JupyterHub's user names, lower-cased as
  JupyterHub normalises them) and the instructors, who are JupyterHub's admins;
- the LMS that logs them in, by LTI 1.3 (jupyterhub-ltiauthenticator, in the chart's hub
  image): its issuer and endpoints, derived from the LMS's address as Moodle
  (``mod/lti/auth.php``, ``mod/lti/certs.php``) and Canvas (``/api/lti/authorize_redirect``,
  ``/api/lti/security/jwks``) publish them, and the tool's client id;
- the host and the e-mail address of its Let's Encrypt certificate;
- the image (repo2docker's build of the student edition) and the published student edition
  that nbgitpuller pulls into ``~/course`` at every start.

The file is JSON, which YAML reads as it is (helm takes it with ``--values``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from grading.class_list import read_class_list

#: Canvas Cloud's LTI 1.3 platform: its issuer, and the host of its OIDC and key endpoints.
CANVAS_CLOUD = "https://canvas.instructure.com"
CANVAS_SSO = "https://sso.canvaslms.com"
HOST = re.compile(r"(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}")
IMAGE = re.compile(r"[a-z0-9][a-z0-9._/:-]*:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")


def lti_platform(lms: str, url: str | None) -> dict[str, str]:
    """The LTI 1.3 issuer and endpoints of the LMS ``lms`` at ``url``.

    >>> lti_platform("moodle", "https://moodle.example.edu/")["authorize_url"]
    'https://moodle.example.edu/mod/lti/auth.php'
    >>> lti_platform("canvas", None)["issuer"]
    'https://canvas.instructure.com'
    """
    if lms == "moodle":
        if not url:
            raise ValueError("--lms moodle needs --lms-url, the Moodle site's address")
        root = _https("--lms-url", url)
        return {
            "issuer": root,
            "authorize_url": f"{root}/mod/lti/auth.php",
            "jwks_endpoint": f"{root}/mod/lti/certs.php",
        }
    if lms == "canvas":
        root = _https("--lms-url", url) if url else CANVAS_CLOUD
        sso = CANVAS_SSO if root == CANVAS_CLOUD else root
        return {
            "issuer": root,
            "authorize_url": f"{sso}/api/lti/authorize_redirect",
            "jwks_endpoint": f"{sso}/api/lti/security/jwks",
        }
    raise ValueError(f"--lms must be moodle or canvas, not {lms!r}")


def _https(option: str, url: str) -> str:
    if not re.fullmatch(r"https://[^\s/?#]+(/[^\s?#]*)?", url):
        raise ValueError(f"{option} must be an https:// address without query, not {url!r}")
    return url.rstrip("/")


def class_values(args: argparse.Namespace) -> dict[str, Any]:
    """The values of ``class.yaml`` for the command line ``args``; a ValueError if one is wrong."""
    if not HOST.fullmatch(args.host):
        raise ValueError(
            f"--host must be a host name such as jupyter.example.edu, not {args.host!r}"
        )
    if not EMAIL.fullmatch(args.email):
        raise ValueError(f"--email must be an e-mail address, not {args.email!r}")
    if not IMAGE.fullmatch(args.image):
        raise ValueError(
            f"--image must be NAME:TAG, as repo2docker --image-name, not {args.image!r}"
        )
    if not re.fullmatch(r"(https://|git@)\S+", args.course_repo):
        raise ValueError(
            f"--course-repo must be the published student edition's https:// or git@ address, "
            f"not {args.course_repo!r}"
        )
    if not args.client_id.strip():
        raise ValueError("--client-id is empty: give the client id the LMS showed for the tool")
    students = sorted({student.student_id.lower() for student in read_class_list(args.class_list)})
    instructors = sorted({name.strip().lower() for name in args.instructor})
    if not all(instructors):
        raise ValueError("--instructor is empty: give the instructor's login")
    if both := set(students) & set(instructors):
        raise ValueError(
            f"--instructor {', '.join(sorted(both))} is on the class list as a student"
        )
    name, tag = args.image.rsplit(":", 1)
    return {
        "hub": {
            "config": {
                "Authenticator": {"allowed_users": students, "admin_users": instructors},
                "LTI13Authenticator": {
                    **lti_platform(args.lms, args.lms_url),
                    "client_id": [args.client_id.strip()],
                },
            }
        },
        "proxy": {"https": {"hosts": [args.host], "letsencrypt": {"contactEmail": args.email}}},
        "singleuser": {
            "image": {"name": name, "tag": tag},
            "lifecycleHooks": {
                "postStart": {
                    "exec": {"command": ["gitpuller", args.course_repo, "main", "course"]}
                }
            },
        },
    }


def main(argv: list[str] | None = None) -> int:
    """Write ``class.yaml`` for the command line ``argv``; the exit status (2: bad input)."""
    parser = argparse.ArgumentParser(
        prog="python -m hub.z2jh",
        description="Write the class's part of the Kubernetes values (class.yaml).",
    )
    parser.add_argument("--class-list", type=Path, required=True, help="the class list CSV")
    parser.add_argument("--instructor", action="append", required=True, help="admin login")
    parser.add_argument("--host", required=True, help="the hub's host name")
    parser.add_argument("--email", required=True, help="for the Let's Encrypt certificate")
    parser.add_argument("--image", required=True, help="the student image, NAME:TAG")
    parser.add_argument("--course-repo", required=True, help="the published student edition")
    parser.add_argument("--lms", required=True, choices=("moodle", "canvas"))
    parser.add_argument("--lms-url", default=None, help="the LMS's address (Canvas Cloud: none)")
    parser.add_argument("--client-id", required=True, help="the LTI 1.3 tool's client id")
    parser.add_argument("--out", type=Path, default=Path("class.yaml"))
    args = parser.parse_args(argv)
    try:
        values = class_values(args)
    except ValueError as error:
        print(f"python -m hub.z2jh: {error}", file=sys.stderr)
        return 2
    heading = "# The class's Kubernetes values (python -m hub.z2jh); helm reads JSON as YAML.\n"
    args.out.write_text(heading + json.dumps(values, indent=2) + "\n", encoding="utf-8")
    students = len(values["hub"]["config"]["Authenticator"]["allowed_users"])
    print(f"Wrote {args.out}: {students} student{'' if students == 1 else 's'} may log in")
    return 0
