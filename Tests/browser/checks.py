"""What the browser checks share: pass/fail bookkeeping and a headless Chromium."""

FAILURES = []
CHECKS = []


def fail(message):
    FAILURES.append(message)
    print(f"FAIL: {message}", flush=True)


def ok(message):
    CHECKS.append(message)
    print(f"ok:   {message}", flush=True)


def expect(condition, message):
    if condition:
        ok(message)
    else:
        fail(message)
    return condition


def make_driver(javascript=True):
    """Headless Chromium from Debian's packages, 1280x900, optionally without JavaScript."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(10)
    return driver
