"""The course on Kubernetes: hub/z2jh/config.yaml and the class's values, as helm would take them.

``helm install`` validates the values against the chart's ``values.schema.yaml`` (JSON
Schema draft 7) and refuses a key it does not list wherever the schema says
``additionalProperties: false``. ``CHART_4_4_0`` below is that schema, transcribed from
jupyterhub/zero-to-jupyterhub-k8s at tag 4.4.0, file ``jupyterhub/values.schema.yaml``, for
every part the course's values touch: each object's full list of keys (so an unknown key is
refused as helm refuses it), the types of the values the course sets, and the pass-through
objects (``hub.config``'s classes, ``singleuser.extraPodConfig``,
``singleuser.lifecycleHooks``' hooks) left open as the chart leaves them. The chart's file
itself is not vendored: material fetched from other projects is not committed here.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "hub" / "z2jh" / "config.yaml"
ANY: dict[str, Any] = {}
OPEN = {"type": "object", "additionalProperties": True}


def closed(keys: str, **typed: Any) -> dict[str, Any]:
    """An object of the chart's schema: its keys (space-separated), some with their types."""
    names = keys.split()
    assert set(typed) <= set(names), set(typed) - set(names)
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {name: typed.get(name, ANY) for name in names},
    }


NULLABLE_INT = {"type": ["integer", "null"]}
SIZE = {"type": ["number", "string", "null"]}
CPU = {"type": ["number", "null"]}
BOOLEAN = {"type": "boolean"}
STRINGS = {"type": "array", "items": {"type": "string"}}

CHART_4_4_0: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    **closed(
        "cull custom debug enabled fullnameOverride global httpRoute hub imagePullSecret "
        "imagePullSecrets ingress nameOverride prePuller proxy rbac scheduling singleuser",
        hub=closed(
            "activeServerLimit allowNamedServers annotations args authenticatePrometheus baseUrl "
            "command concurrentSpawnLimit config consecutiveFailureLimit containerSecurityContext "
            "cookieSecret db deploymentStrategy existingSecret extraConfig extraContainers "
            "extraEnv extraFiles extraPodSpec extraVolumeMounts extraVolumes fsGid image "
            "initContainers labels lifecycle livenessProbe loadRoles namedServerLimitPerUser "
            "networkPolicy nodeSelector pdb podSecurityContext readinessProbe redirectToServer "
            "resources revisionHistoryLimit service serviceAccount services shutdownOnLogout "
            "templatePaths templateVars tolerations",
            config={
                "type": "object",
                "additionalProperties": False,
                "patternProperties": {"^[A-Z].*$": OPEN},
                "properties": {"JupyterHub": OPEN},
            },
        ),
        proxy=closed(
            "annotations chp deploymentStrategy https labels secretSync secretToken service "
            "traefik",
            https=closed(
                "enabled hosts letsencrypt manual secret type",
                enabled={"type": ["boolean", "null"]},
                hosts={"type": "array"},
                type={"enum": [None, "", "letsencrypt", "manual", "offload", "secret"]},
                letsencrypt=closed("acmeServer contactEmail"),
            ),
        ),
        singleuser=closed(
            "allowPrivilegeEscalation cloudMetadata cmd cpu defaultUrl events extraAnnotations "
            "extraContainers extraEnv extraFiles extraLabels extraNodeAffinity extraPodAffinity "
            "extraPodAntiAffinity extraPodConfig extraResource extraTolerations fsGid image "
            "initContainers lifecycleHooks memory networkPolicy networkTools nodeSelector "
            "podNameTemplate profileList serviceAccountName startTimeout storage uid",
            defaultUrl={"type": ["string", "null"]},
            image={
                **closed(
                    "name pullPolicy pullSecrets tag",
                    name={"type": "string"},
                    tag={"type": "string"},
                ),
                "required": ["name", "tag"],
            },
            memory=closed("guarantee limit", guarantee=SIZE, limit=SIZE),
            cpu=closed("guarantee limit", guarantee=CPU, limit=CPU),
            storage=closed(
                "capacity dynamic extraLabels extraVolumeMounts extraVolumes homeMountPath "
                "static type",
                capacity={"type": ["string", "null"]},
                type={"enum": ["dynamic", "static", "none"]},
            ),
            lifecycleHooks=closed("postStart preStop", postStart=OPEN, preStop=OPEN),
            extraPodConfig=OPEN,
        ),
        cull={
            **closed(
                "adminUsers concurrency enabled every maxAge removeNamedServers timeout users",
                enabled=BOOLEAN,
                timeout=NULLABLE_INT,
                every=NULLABLE_INT,
            ),
            "required": ["enabled"],
        },
        scheduling=closed(
            "corePods podPriority userPlaceholder userPods userScheduler",
            userScheduler=closed(
                "annotations containerSecurityContext enabled extraPodSpec image labels logLevel "
                "nodeSelector pdb pluginConfig plugins replicas resources revisionHistoryLimit "
                "serviceAccount tolerations",
                enabled=BOOLEAN,
            ),
            podPriority=closed(
                "defaultPriority enabled globalDefault imagePullerPriority userPlaceholderPriority",
                enabled=BOOLEAN,
            ),
            userPlaceholder=closed(
                "annotations containerSecurityContext enabled extraPodSpec image labels replicas "
                "resources revisionHistoryLimit",
                enabled=BOOLEAN,
                replicas={"type": "integer"},
            ),
        ),
    ),
}


def helm_merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Values as helm merges two ``--values`` files: maps merged key by key, the rest replaced."""
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = helm_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def refusals(values: dict[str, Any]) -> list[str]:
    """What helm's schema validation would say of ``values`` (nothing: it installs)."""
    validator = jsonschema.Draft7Validator(CHART_4_4_0)
    return [
        f"{'.'.join(map(str, error.absolute_path))}: {error.message}"
        for error in validator.iter_errors(values)
    ]


@pytest.fixture(scope="module")
def config() -> dict[str, Any]:
    return yaml.safe_load(CONFIG.read_text(encoding="utf-8"))


CLASS_LIST = "student_id,first_name,last_name\nS0001,Ada,Lovelace\ns0002,Émile,Borel\n"


def write_class(tmp_path: Path, *extra: str) -> tuple[int, Path]:
    from hub.z2jh.values import main

    (tmp_path / "class_list.csv").write_text(CLASS_LIST, encoding="utf-8")
    out = tmp_path / "class.yaml"
    status = main(
        [
            "--class-list",
            str(tmp_path / "class_list.csv"),
            "--instructor",
            "Lecturer",
            "--host",
            "jupyter.example.edu",
            "--email",
            "hub-admin@example.edu",
            "--image",
            "registry.example.edu/lightsout-edu-student:0.3.0",
            "--course-repo",
            "https://git.example.edu/course/lightsout-edu-student",
            "--lms",
            "moodle",
            "--lms-url",
            "https://moodle.example.edu",
            "--client-id",
            "aBc123",
            "--out",
            str(out),
            *extra,
        ]
    )
    return status, out


def test_the_course_s_values_install(config) -> None:
    assert refusals(config) == []


def test_the_schema_refuses_what_helm_refused_before() -> None:
    """The old file's ``singleuser.containerSecurityContext`` and a misspelt cull key."""
    assert refusals({"singleuser": {"containerSecurityContext": {"procMount": "Unmasked"}}})
    assert refusals({"cull": {"enabled": True, "timeOut": 60}})
    assert refusals({"singleuser": {"image": {"name": "x"}}}), "an image needs a tag"
    assert refusals({"hub": {"config": {"authenticator": {}}}}), "classes start with a capital"


def test_the_class_values_install_with_the_course_s(config, tmp_path) -> None:
    status, out = write_class(tmp_path)
    assert status == 0
    text = out.read_text(encoding="utf-8")
    values = yaml.safe_load(text)
    assert values == json.loads(text.split("\n", 1)[1]), "JSON, which YAML reads as it is"
    assert refusals(values) == []
    assert refusals(helm_merge(config, values)) == []


def test_only_the_class_logs_in_from_the_lms(config, tmp_path) -> None:
    _, out = write_class(tmp_path)
    values = helm_merge(config, yaml.safe_load(out.read_text(encoding="utf-8")))
    hub = values["hub"]["config"]
    assert hub["JupyterHub"]["authenticator_class"].endswith("LTI13Authenticator")
    assert hub["Authenticator"]["allow_all"] is False
    assert hub["Authenticator"]["allow_existing_users"] is False
    # JupyterHub lower-cases user names: the allow-list is the class list's ids as it sees them
    assert hub["Authenticator"]["allowed_users"] == ["s0001", "s0002"]
    assert hub["Authenticator"]["admin_users"] == ["lecturer"]
    lti = hub["LTI13Authenticator"]
    assert lti["username_key"] == "custom_student_id"
    assert lti["issuer"] == "https://moodle.example.edu"
    assert lti["authorize_url"] == "https://moodle.example.edu/mod/lti/auth.php"
    assert lti["jwks_endpoint"] == "https://moodle.example.edu/mod/lti/certs.php"
    assert lti["client_id"] == ["aBc123"]


def test_https_the_image_and_the_course(config, tmp_path) -> None:
    _, out = write_class(tmp_path)
    values = helm_merge(config, yaml.safe_load(out.read_text(encoding="utf-8")))
    https = values["proxy"]["https"]
    assert https["enabled"] is True and https["type"] == "letsencrypt"
    assert https["hosts"] == ["jupyter.example.edu"]
    assert https["letsencrypt"]["contactEmail"] == "hub-admin@example.edu"
    single = values["singleuser"]
    assert single["image"] == {
        "name": "registry.example.edu/lightsout-edu-student",
        "tag": "0.3.0",
    }
    pull = single["lifecycleHooks"]["postStart"]["exec"]["command"]
    course = "https://git.example.edu/course/lightsout-edu-student"
    assert pull == ["gitpuller", course, "main", "course"]
    assert "REPLACE_ME" not in CONFIG.read_text(encoding="utf-8") + out.read_text(encoding="utf-8")


def test_bubblewrap_s_pod_settings_are_under_the_chart_s_real_keys(config) -> None:
    """KubeSpawner 7.0's ``container_security_context`` (camelCase keys, merged over its own)
    and the pod's ``hostUsers`` through ``singleuser.extraPodConfig``."""
    security = config["hub"]["config"]["KubeSpawner"]["container_security_context"]
    assert security["procMount"] == "Unmasked"
    assert security["seccompProfile"] == {"type": "Unconfined"}
    assert security["appArmorProfile"] == {"type": "Unconfined"}
    assert security["allowPrivilegeEscalation"] is False
    assert config["singleuser"]["extraPodConfig"]["hostUsers"] is False


def test_no_shared_exchange_on_kubernetes(config) -> None:
    """Every pod has the same uid: a shared exchange volume would let a student read or
    replace another's submission, so students hand in through the LMS."""
    single = config["singleuser"]
    assert "extraVolumes" not in single["storage"] and "extraFiles" not in single
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    on_kubernetes = readme.split("**On Kubernetes**", 1)[1].split("**How big a cluster.**")[0]
    assert "through the LMS" in on_kubernetes


def test_sizes_above_the_measured_class(config) -> None:
    results = json.loads((REPO / "benchmarks" / "results.json").read_text(encoding="utf-8"))
    measured = max(row["memory_mib_per_student"] for row in results["hub"])
    single = config["singleuser"]
    assert int(single["memory"]["guarantee"].rstrip("M")) >= 1.5 * measured
    assert int(single["memory"]["limit"].rstrip("M")) >= 2 * measured
    assert config["cull"]["enabled"]


def test_canvas_cloud_needs_no_address(tmp_path) -> None:
    from hub.z2jh.values import lti_platform

    assert lti_platform("canvas", None) == {
        "issuer": "https://canvas.instructure.com",
        "authorize_url": "https://sso.canvaslms.com/api/lti/authorize_redirect",
        "jwks_endpoint": "https://sso.canvaslms.com/api/lti/security/jwks",
    }
    own = lti_platform("canvas", "https://canvas.example.edu")
    assert own["jwks_endpoint"] == "https://canvas.example.edu/api/lti/security/jwks"


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--host", "jupyter example"], "--host must be a host name"),
        (["--email", "nobody"], "--email must be an e-mail address"),
        (["--image", "student-image"], "--image must be NAME:TAG"),
        (["--lms-url", "http://moodle.example.edu"], "--lms-url must be an https:// address"),
        (["--instructor", "S0001"], "is on the class list as a student"),
        (["--course-repo", "student-repo"], "--course-repo must be"),
    ],
)
def test_a_wrong_value_is_named_in_one_line(tmp_path, capsys, extra, words) -> None:
    status, out = write_class(tmp_path, *extra)
    said = capsys.readouterr().err
    assert status == 2 and words in said and said.count("\n") == 1
    assert not out.exists()


def test_a_class_list_that_cannot_be_read_is_named(tmp_path, capsys) -> None:
    from hub.z2jh.values import main

    status = main(
        ["--class-list", str(tmp_path / "none.csv"), "--instructor", "l", "--host", "a.example.edu"]
        + ["--email", "a@example.edu", "--image", "i:1", "--course-repo", "https://g.example/x"]
        + ["--lms", "canvas", "--client-id", "1", "--out", str(tmp_path / "class.yaml")]
    )
    said = capsys.readouterr().err
    assert status == 2 and "none.csv" in said and said.count("\n") == 1
