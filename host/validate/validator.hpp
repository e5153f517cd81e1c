// `cloisterkit validate`: runs the checks of check.hpp on one module, each
// in a child process with a time limit, and gathers their results. The
// parent never loads the module.
#pragma once

#include <string>
#include <vector>

#include "check.hpp"

namespace ck::validate {

struct CheckReport {
    std::string name;
    std::string summary;
    Verdict verdict = Verdict::Skip;
    std::string message;
    nlohmann::json details = nlohmann::json::object();
    double seconds = 0;
};

// The checks `options.only` names (all when empty) in their order; throws
// HostError for an unknown name.
std::vector<const CheckDef*> selected_checks(const ValidateOptions& options);

// Runs them; `on_report` is told of each as it ends (to print as we go).
std::vector<CheckReport> validate(const ValidateOptions& options,
                                  const std::function<void(const CheckReport&)>& on_report = {});

struct VerdictCounts {
    int passed = 0, failed = 0, skipped = 0;
};
VerdictCounts count_verdicts(const std::vector<CheckReport>& reports);

nlohmann::json report_json(const ValidateOptions& options, const std::vector<CheckReport>& reports);

}  // namespace ck::validate
