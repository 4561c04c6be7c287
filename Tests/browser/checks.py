"""What the browser checks share: pass/fail bookkeeping and a headless Chromium."""

import os
import shutil
import tempfile

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
    """Headless Chromium from Debian's packages, 1280x900, optionally without JavaScript.

    Its profile and the singleton folder Chromium makes in TMPDIR go into a folder of
    the driver's own, removed by `quit()`: the checks leave nothing in /tmp."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    scratch = tempfile.mkdtemp(prefix="cvsite-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    flags = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900")
    for flag in flags + (f"--user-data-dir={scratch}/profile",):
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    service = Service("/usr/bin/chromedriver", env={**os.environ, "TMPDIR": scratch})
    try:
        driver = webdriver.Chrome(service=service, options=options)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    quit_browser = driver.quit

    def quit_and_remove():
        try:
            quit_browser()
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    driver.quit = quit_and_remove
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(10)
    return driver
