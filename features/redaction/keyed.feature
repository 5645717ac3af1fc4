@compact
Feature: Provider-keyed values, every assignment syntax, more token formats (rule "sensitive")
  A peer scanner's whole rule set finds credentials that only a provider's name in the key marks, values in the
  assignment syntaxes of many languages and formats, more token formats, and credentials whose head stayed visible
  (FC-REDACT-SENSITIVE-14..18). Planted values are fakes generated when the scenario runs; a slot such as <alnum32>
  is 32 random letters and digits, <lower15> 15 lower-case letters and digits, <hex24>, <digits16>, <uuid>.

  Scenario: A value keyed only by a provider's name is masked and the key kept
    Given a sensitive-redaction request whose finding message is "+ export ASANA=<digits16>\nkucoinKey: <hex24>\ndropbox_token: '<lower15>'"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "ASANA=«redacted:secret»"
    And the reply text contains "kucoinKey: «redacted:secret»"

  Scenario: A UUID is a credential under a provider key and stays visible elsewhere
    Given a sensitive-redaction request whose verdict notes are "HEROKU_API_KEY=<uuid> was printed by run 123e4567-e89b-12d3-a456-426614174000"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "HEROKU_API_KEY=«redacted:secret»"
    And the reply text contains "123e4567-e89b-12d3-a456-426614174000"

  Scenario: Provider names in identifiers and versions stay visible
    Given a sensitive-redaction request whose finding message is "const asanaClient = new Asana.Client(opts); STRIPE_API_VERSION=2023-10-16; @sentry/node@7.119.0"
    When the sensitive-redaction request is compacted
    Then the reply text does not contain "«redacted:secret»"
    And the reply text contains "asanaClient"
    And the reply text contains "STRIPE_API_VERSION=2023-10-16"

  Scenario: XML elements and NuGet key/value pairs keep the key and lose the value
    Given a sensitive-redaction request whose finding trace is "<oktaToken>\n    00<alnum40>\n</oktaToken>\n<add key=\"ClearTextPassword\" value=\"<alnum18>\" />"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "<oktaToken>"

  Scenario: PHP, Make, Go and Java assignments have their values masked
    Given a sensitive-redaction request whose finding message is "$apiToken .= \"<alnum24>\";\nDEPLOY_TOKEN ::= \"<alnum26>\"\nvar xToken string = \"<alnum30>\"\nSystem.setProperty(\"X_TOKEN\", \"<alnum28>\")"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "DEPLOY_TOKEN ::= "

  Scenario: Tuples, logstash pairs and aligned columns have their values masked
    Given a sensitive-redaction request whose verdict notes are "(\"api_token\", \"<alnum22>\")\n  \"authToken\" => \"<alnum32>\"\npassword            = \"<alnum20>\""
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply

  Scenario: A JSON-escaped assignment nested in a JSON value hides its whole value
    Given a sensitive-redaction request whose finding message is "{\"config\": {\"credential\": \"password = \\\"x#<alnum20>;y\\\"\"}}"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply

  Scenario: Every data value of a Kubernetes Secret is masked
    Given a sensitive-redaction request whose finding trace is "apiVersion: v1\ndata:\n  database-url: <alnum32>\nkind: Secret\nmetadata:\n  name: app-env"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "name: app-env"

  Scenario: Token formats found by their own shape are masked whole
    Given a sensitive-redaction request whose finding message is "keys ABSK<alnum120> EAAM<alnum110> s-s4t2ud-<hex64> p8e-<alnum32> sqp_<hex40>"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "keys «redacted:secret» «redacted:secret»"

  Scenario: A curl user and password are masked whole, no head left
    Given a sensitive-redaction request whose finding message is "+ curl -sS -u \"<lower12>:<alnum16>\" https://ci.example.test/api"
    When the sensitive-redaction request is compacted
    Then no part of the planted secrets appears in the reply
    And the reply text contains "curl -sS -u \"«redacted:secret»\""

  Scenario: An exception label after a key-ish test name stays visible
    Given a sensitive-redaction request whose finding message is "test_missing_key: KeyError: 'zz'"
    When the sensitive-redaction request is compacted
    Then the reply text contains "test_missing_key: KeyError: 'zz'"
    And the reply text does not contain "«redacted:secret»"
